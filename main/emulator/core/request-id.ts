// Request ids: a per-process random part and a counter, cheap enough for every request.
import { randomBase62 } from './ids';

const PROCESS_PART = randomBase62(6);
let counter = 0;

export function newRequestId(): string {
  return `req_${PROCESS_PART}${(++counter).toString(36).padStart(6, '0')}`;
}
