import { describe, expect, it } from 'vitest';
import { initialScripts } from '../../bench/web-load';

describe('initialScripts (web-load bench)', () => {
  it('counts module scripts, classic scripts and modulepreloads of index.html, not lazy chunks', () => {
    const html = `<head>
      <script src="./boot-socket.js"></script>
      <script type="module" crossorigin src="./assets/index-abc.js"></script>
      <link rel="modulepreload" crossorigin href="./assets/react-1.js">
      <link rel="stylesheet" href="./assets/x.css">
      <link rel="modulepreload" crossorigin href="./assets/mui-2.js">
    </head>`;
    expect(initialScripts(html)).toEqual(['./boot-socket.js', './assets/index-abc.js', './assets/react-1.js', './assets/mui-2.js']);
  });
});
