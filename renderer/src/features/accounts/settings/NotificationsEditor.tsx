// Notifications: email alerts and their frequency, the chat webhook (with a real test message),
// and the account webhook: its address, the events it receives (each with what emits it), and
// its signing secret (write-only). Deliveries to the webhook are listed on the Event deliveries page.
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EVENT_SOURCES, EVENT_TYPES } from '../../../../../shared/api/accounts/event-types';
import { EMAIL_FREQUENCIES } from '../../../../../shared/api/accounts/settings';
import { Section } from '../../../components/Section';
import { useActiveProfile } from '../../../platform/profiles-store';
import { FormField } from '../../../components/form/FormField';
import { ChatTest } from './ChatTest';
import { EditorFrame } from './EditorFrame';
import { ReadOnlyField, SwitchField, WriteOnlyField } from './fields';
import { CHAT_ALERT_LABELS, EMAIL_ALERT_LABELS, FREQUENCY_LABELS, notificationsSpec, URL_HINT } from './notifications-form';
import type { Settings } from './settings-store';
import { useSectionEditor } from './use-section-editor';

export function NotificationsEditor({ section }: { section: Settings['notifications'] }) {
  const editor = useSectionEditor('notifications', section, notificationsSpec);
  const { form, update, errors } = editor;
  const emulatorProfile = useActiveProfile()?.kind === 'emulator';
  return (
    <EditorFrame editor={editor} label="Notifications">
      <Section title="Email" description="Messages to the account's notification address">
        <Stack spacing={1.5}>
          <ReadOnlyField label="Sent to" value={section.email.email} note="The account owner's address; it changes with their profile" />
          <SwitchField label="Send email notifications" checked={form.emailEnabled} onChange={(on) => update({ emailEnabled: on })} />
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', pl: 1 }}>
            {(Object.keys(EMAIL_ALERT_LABELS) as (keyof typeof EMAIL_ALERT_LABELS)[]).map((k) => (
              <FormControlLabel
                key={k}
                disabled={!form.emailEnabled}
                control={
                  <Checkbox
                    size="small"
                    checked={form.emailAlerts[k]}
                    onChange={(_, on) => update({ emailAlerts: { ...form.emailAlerts, [k]: on } })}
                  />
                }
                label={EMAIL_ALERT_LABELS[k]}
              />
            ))}
          </Box>
          <FormField
            form={editor}
            name="frequency"
            errorKey="email.frequency"
            select
            label="Frequency"
            sx={{ width: 240 }}
            disabled={!form.emailEnabled}
          >
            {EMAIL_FREQUENCIES.map((f) => (
              <MenuItem key={f} value={f}>
                {FREQUENCY_LABELS[f]}
              </MenuItem>
            ))}
          </FormField>
        </Stack>
      </Section>

      <Section title="Team chat" description="Alerts posted to a chat channel through its incoming webhook">
        <Stack spacing={1.5}>
          <SwitchField label="Post alerts to chat" checked={form.chatEnabled} onChange={(on) => update({ chatEnabled: on })} />
          <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
            <FormField form={editor} name="chatUrl" errorKey="chat.webhook_url" label="Webhook address" hint={URL_HINT} sx={{ flex: 2 }} />
            <FormField
              form={editor}
              name="chatChannel"
              errorKey="chat.channel"
              label="Channel"
              hint="Optional; at most 100 characters"
              sx={{ flex: 1 }}
            />
          </Stack>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
            {(Object.keys(CHAT_ALERT_LABELS) as (keyof typeof CHAT_ALERT_LABELS)[]).map((k) => (
              <FormControlLabel
                key={k}
                control={
                  <Checkbox
                    size="small"
                    checked={form.chatAlerts[k]}
                    onChange={(_, on) => update({ chatAlerts: { ...form.chatAlerts, [k]: on } })}
                  />
                }
                label={CHAT_ALERT_LABELS[k]}
              />
            ))}
          </Box>
          <ChatTest url={form.chatUrl} channel={form.chatChannel} />
        </Stack>
      </Section>

      <Section
        title="Account webhook"
        description="Signed POSTs of the account's events to your own service"
        aside={
          // The delivery log is the emulator's (a real platform keeps its own): offered on an emulator profile only.
          emulatorProfile && (
            <Link href="#/event-deliveries" variant="body2">
              Event deliveries
            </Link>
          )
        }
      >
        <Stack spacing={1.5}>
          <SwitchField label="Send events to the webhook" checked={form.webhookEnabled} onChange={(on) => update({ webhookEnabled: on })} />
          <FormField
            form={editor}
            name="webhookUrl"
            errorKey="webhook.url"
            label="Webhook address"
            hint={URL_HINT}
            sx={{ maxWidth: 640 }}
          />
          <WriteOnlyField
            label="Signing secret"
            read={section.webhook.secret}
            value={form.webhookSecret}
            onChange={(webhookSecret) => update({ webhookSecret })}
            clearConsequence="Deliveries will no longer be signed, so your service cannot tell them from forged ones."
            error={errors['webhook.secret']}
          />
          <Box>
            <Typography variant="subtitle2" component="h3">
              Events
            </Typography>
            <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 0.5 }}>
              {form.webhookEvents.length} of {EVENT_TYPES.length} chosen; an event not chosen is not sent
            </Typography>
            <Box
              role="group"
              aria-label="Webhook events"
              sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(400px, 1fr))', columnGap: 2 }}
            >
              {EVENT_TYPES.map((t) => (
                <FormControlLabel
                  key={t}
                  sx={{ alignItems: 'flex-start', my: 0.25 }}
                  control={
                    <Checkbox
                      size="small"
                      sx={{ pt: 0.25 }}
                      checked={form.webhookEvents.includes(t)}
                      onChange={(_, on) =>
                        update({
                          webhookEvents: on
                            ? EVENT_TYPES.filter((e) => e === t || form.webhookEvents.includes(e))
                            : form.webhookEvents.filter((e) => e !== t),
                        })
                      }
                    />
                  }
                  label={
                    <Box>
                      <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
                        {t}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        When {EVENT_SOURCES[t]}
                      </Typography>
                    </Box>
                  }
                />
              ))}
            </Box>
            {errors['webhook.events'] && (
              <Typography variant="caption" color="error">
                {errors['webhook.events']}
              </Typography>
            )}
          </Box>
        </Stack>
      </Section>
    </EditorFrame>
  );
}
