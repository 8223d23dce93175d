// The web bridge's flow control: a topic source learns that the socket is congested (more
// than the high-water mark buffered), and a closed socket ends every subscription it held.
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import type { ChannelHandlers, TopicFlow, TopicSources } from '../../../shared/ipc/dispatch';
import { serveBridge, SOCKET_HIGH_WATER_BYTES } from '../../../main/web/bridge-socket';

class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  bufferedAmount = 0;
  sent: unknown[] = [];
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
    this.emit('close');
  }
  receive(message: unknown) {
    this.emit('message', Buffer.from(JSON.stringify(message)), false);
  }
}

describe('bridge socket flow', () => {
  it("tells a topic's source when the socket is congested, and ends its subscriptions when it closes", () => {
    const flows: TopicFlow[] = [];
    let open = 0;
    const source = (_params: unknown, _emit: unknown, flow: TopicFlow) => {
      flows.push(flow);
      open++;
      return () => open--;
    };
    const topics = { 'metrics:live': source, 'profiles:changed': source } as unknown as TopicSources;
    const socket = new FakeSocket();
    serveBridge(socket as unknown as WebSocket, { handlers: {} as ChannelHandlers, topics }, { token: 'tok-0123456789abcdef' }, () => {});
    socket.receive({ type: 'hello', token: 'tok-0123456789abcdef' });
    socket.receive({ type: 'subscribe', id: 1, topic: 'metrics:live', params: { clusterId: 'cluster_a1' } });
    socket.receive({ type: 'subscribe', id: 2, topic: 'profiles:changed', params: {} });
    expect(open).toBe(2);
    expect(flows[0]!.congested()).toBe(false);
    socket.bufferedAmount = SOCKET_HIGH_WATER_BYTES + 1;
    expect(flows[0]!.congested()).toBe(true);
    socket.bufferedAmount = 10;
    expect(flows[0]!.congested()).toBe(false);
    socket.close();
    expect(open).toBe(0);
  });
});
