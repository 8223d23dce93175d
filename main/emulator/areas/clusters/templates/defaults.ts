// Output-only template fields the caller does not send: software versions by framework
// and the regions templates run in (both chosen; the spec shows the fields, not values).
import { KNOWN_REGIONS } from '../../../../../shared/api/clusters/common';
import type { Framework, Template } from '../../../../../shared/api/clusters/templates';

export const ALL_REGIONS = KNOWN_REGIONS;

const BY_FRAMEWORK: Record<Framework, Template['software_versions']> = {
  pytorch: { python: '3.11', pytorch: '2.3.1', cuda: '12.1', cudnn: '8.9.7' },
  tensorflow: { python: '3.11', pytorch: null, cuda: '12.2', cudnn: '8.9.4' },
  huggingface: { python: '3.11', pytorch: '2.3.1', cuda: '12.1', cudnn: '8.9.7' },
  sklearn: { python: '3.12', pytorch: null, cuda: null, cudnn: null },
};

export function softwareFor(framework: Framework | null, image: string): Template['software_versions'] {
  if (framework) return { ...BY_FRAMEWORK[framework] };
  const cuda = /cuda-?(\d+(?:\.\d+)?)/i.exec(image)?.[1] ?? null;
  return { python: '3.11', pytorch: null, cuda, cudnn: null };
}
