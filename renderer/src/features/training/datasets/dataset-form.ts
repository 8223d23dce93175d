// The new-dataset form: the file (dropped or chosen), what the dataset is, and the checks the
// platform runs on its content (03-endpoints-training.md, Dataset: validation). Errors say the
// rule in the user's words, on the field they concern.
import { CreateDatasetRequest, DATASET_LIMITS, DatasetFormat, type DatasetType } from '../../../../../shared/api/training/datasets';
import { UPLOAD_MAX_BYTES } from '../../../../../shared/ipc/dataset-uploads';
import type { FormResult } from '../../../components/form/form-result';
import { formatBytes } from '../training-format';

/** The document's formats (Dataset: format), in the user's words, with the file names that say them. */
export const FORMATS: Record<DatasetFormat, { label: string; extensions: readonly string[] }> = {
  jsonl: { label: 'JSON Lines', extensions: ['.jsonl', '.ndjson'] },
  csv: { label: 'CSV', extensions: ['.csv'] },
  parquet: { label: 'Parquet', extensions: ['.parquet', '.pq'] },
  hdf5: { label: 'HDF5', extensions: ['.h5', '.hdf5', '.hdf'] },
  zip: { label: 'Zip archive', extensions: ['.zip'] },
  tar: { label: 'Tar archive', extensions: ['.tar', '.tar.gz', '.tgz'] },
};

/** What the file picker offers. */
export const ACCEPTED_EXTENSIONS = Object.values(FORMATS)
  .flatMap((f) => f.extensions)
  .join(',');

export interface DatasetForm {
  file: (Blob & { name: string }) | null;
  name: string;
  type: DatasetType;
  format: DatasetFormat;
  description: string;
  tags: string;
  requiredFields: string;
  minExamples: string;
  maxExamples: string;
  maxSequenceLength: string;
}

export interface DatasetUploadRequest {
  dataset: CreateDatasetRequest;
  file: Blob & { name: string };
}

export const initialDatasetForm = (): DatasetForm => ({
  file: null,
  name: '',
  type: 'text',
  format: 'jsonl',
  description: '',
  tags: '',
  requiredFields: '',
  minExamples: '',
  maxExamples: '',
  maxSequenceLength: '',
});

export const FIELD_LABELS = {
  file: 'File',
  name: 'Name',
  description: 'Description',
  tags: 'Tags',
  requiredFields: 'Required fields',
  minExamples: 'Min examples',
  maxExamples: 'Max examples',
  maxSequenceLength: 'Max tokens per example',
} as const;

/** The format a file's name says, if it is one of the document's. */
export function formatOfFile(name: string): DatasetFormat | null {
  const lower = name.toLowerCase();
  return DatasetFormat.options.find((f) => FORMATS[f].extensions.some((ext) => lower.endsWith(ext))) ?? null;
}

/** A dataset name from a file name: without its extension (.tar.gz whole), at most the name's limit. */
export const nameOfFile = (name: string) => name.replace(/(\.tar)?\.[a-z0-9]+$/i, '').slice(0, DATASET_LIMITS.name.max);

const FILE_KINDS = 'a JSON Lines, CSV, Parquet, HDF5, zip or tar file';

const splitList = (text: string) =>
  text
    .split(/[,\n]/)
    .map((t) => t.trim())
    .filter((t) => t !== '');

/** What a dataset is called and says about itself, as the new and the edit forms check it: the name and tags as sent, the errors added to `errors`. */
export function checkAbout(
  form: Pick<DatasetForm, 'name' | 'description' | 'tags'>,
  errors: Record<string, string>,
): { name: string; tags: string[] } {
  const name = form.name.trim();
  if (name === '') errors.name = 'Name the dataset';
  else if (name.length > DATASET_LIMITS.name.max) errors.name = `A name is at most ${DATASET_LIMITS.name.max} characters`;
  if (form.description.length > DATASET_LIMITS.description.max)
    errors.description = `A description is at most ${DATASET_LIMITS.description.max.toLocaleString('en-US')} characters`;
  const tags = splitList(form.tags);
  if (tags.length > DATASET_LIMITS.tags.maxItems) errors.tags = `At most ${DATASET_LIMITS.tags.maxItems} tags`;
  else if (tags.some((t) => t.length > DATASET_LIMITS.tags.maxLength))
    errors.tags = `A tag is at most ${DATASET_LIMITS.tags.maxLength} characters`;
  return { name, tags };
}

/** A whole number in range, or an error in words; '' is "not set". */
function wholeNumber(text: string, min: number, max: number, unit: string): { value?: number; error?: string } {
  const t = text.trim().replace(/[_,\s]/g, '');
  if (t === '') return {};
  const n = Number(t);
  const range = `${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')} ${unit}`;
  if (!/^\d+$/.test(t) || !Number.isSafeInteger(n)) return { error: `Enter a whole number of ${unit}, ${range}` };
  if (n < min || n > max) return { error: `Enter ${range}` };
  return { value: n };
}

export function validateDatasetForm(form: DatasetForm): FormResult<DatasetUploadRequest> {
  const errors: Record<string, string> = {};
  if (!form.file) errors.file = `Drop ${FILE_KINDS} here, or choose one`;
  else if (form.file.size === 0) errors.file = 'The file is empty: a dataset needs at least one example';
  else if (form.file.size > UPLOAD_MAX_BYTES) errors.file = `Files up to ${formatBytes(UPLOAD_MAX_BYTES)} can be uploaded`;
  else if (formatOfFile(form.file.name) === null)
    errors.file = `Datasets are ${FILE_KINDS} (${ACCEPTED_EXTENSIONS.replaceAll(',', ', ')}); convert other formats first`;
  else if (formatOfFile(form.file.name) !== form.format)
    errors.file = `The file's name says ${FORMATS[formatOfFile(form.file.name)!].label}, not the format chosen (${FORMATS[form.format].label})`;

  const { name, tags } = checkAbout(form, errors);

  const required = splitList(form.requiredFields);
  if (required.length > 200) errors.requiredFields = 'At most 200 required fields';
  else if (required.some((f) => f.length > 200)) errors.requiredFields = 'A field name is at most 200 characters';

  const minEx = wholeNumber(form.minExamples, 0, 1_000_000_000, 'examples');
  const maxEx = wholeNumber(form.maxExamples, 1, 1_000_000_000, 'examples');
  const maxSeq = wholeNumber(form.maxSequenceLength, 1, 10_000_000, 'tokens');
  if (minEx.error) errors.minExamples = minEx.error;
  if (maxEx.error) errors.maxExamples = maxEx.error;
  if (maxSeq.error) errors.maxSequenceLength = maxSeq.error;
  if (minEx.value !== undefined && maxEx.value !== undefined && minEx.value > maxEx.value)
    errors.minExamples = 'The minimum must not be above the maximum';

  if (Object.keys(errors).length > 0 || !form.file) return { ok: false, errors };
  const validation = {
    ...(required.length ? { required_fields: required } : {}),
    ...(minEx.value !== undefined ? { min_examples: minEx.value } : {}),
    ...(maxEx.value !== undefined ? { max_examples: maxEx.value } : {}),
    ...(maxSeq.value !== undefined ? { max_sequence_length: maxSeq.value } : {}),
  };
  const parsed = CreateDatasetRequest.safeParse({
    name,
    type: form.type,
    format: form.format,
    ...(form.description.trim() ? { description: form.description.trim() } : {}),
    ...(tags.length ? { tags } : {}),
    ...(Object.keys(validation).length ? { validation } : {}),
  });
  // Every rule is checked above in words; this only guards against the two drifting apart.
  if (!parsed.success) return { ok: false, errors: { form: 'The dataset could not be prepared; check the fields' } };
  return { ok: true, request: { dataset: parsed.data, file: form.file } };
}
