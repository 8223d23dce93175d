// Catches render errors of an area so the shell (navigation, profile, status) stays usable.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import Alert from '@mui/material/Alert';
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
  /** Changing it (e.g. the route) clears a caught error. */
  resetKey?: string;
}

interface State {
  error: Error | null;
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('View crashed', error, info.componentStack);
  }

  override componentDidUpdate(prev: Props): void {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  override render() {
    if (!this.state.error) return this.props.children;
    const chunkFailed = /dynamically imported module|Loading chunk|Failed to fetch/i.test(this.state.error.message);
    return (
      <Box sx={{ maxWidth: 640, mx: 'auto', mt: 6 }} role="alert">
        <Typography variant="h6" gutterBottom>
          This view stopped working
        </Typography>
        <Alert severity="error" sx={{ mb: 2 }}>
          {chunkFailed
            ? 'Part of the console could not be loaded. The server may have restarted with a new version.'
            : this.state.error.message}
        </Alert>
        <Button variant="contained" onClick={() => (chunkFailed ? window.location.reload() : this.setState({ error: null }))}>
          {chunkFailed ? 'Reload the console' : 'Try again'}
        </Button>
      </Box>
    );
  }
}
