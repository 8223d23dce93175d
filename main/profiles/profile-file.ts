// profiles.json: the connection profiles without their keys. Versioned, validated on
// read; a file that does not validate is copied aside and reported, never replaced silently.
import { copyFile, readFile } from 'node:fs/promises';
import { z } from 'zod';
import { ProfileId } from '../../shared/ipc/contract';
import { writeFileAtomic } from './atomic-write';

export const PROFILES_FILE_NAME = 'profiles.json';
export const PROFILES_FILE_VERSION = 1;

export const StoredProfile = z.strictObject({
  id: ProfileId,
  name: z.string().min(1).max(200),
  kind: z.enum(['emulator', 'remote']),
  baseUrl: z.string().max(2048).nullable(),
  createdAt: z.string(),
});
export type StoredProfile = z.infer<typeof StoredProfile>;

const ProfilesFile = z.strictObject({
  version: z.literal(PROFILES_FILE_VERSION),
  activeId: ProfileId,
  profiles: z.array(StoredProfile).max(1000),
});
type ProfilesFile = z.infer<typeof ProfilesFile>;

/**
 * The profiles file exists but cannot be used; the message says where a copy was kept.
 * @internal Exported for its tests only.
 */
export class ProfilesFileError extends Error {
  readonly path: string;
  readonly copyPath: string;
  constructor(path: string, copyPath: string, why: string) {
    super(
      `The profiles file ${path} cannot be read (${why}). It was left as it is and a copy kept at ${copyPath}; fix or remove it, then start again.`,
    );
    this.name = 'ProfilesFileError';
    this.path = path;
    this.copyPath = copyPath;
  }
}

function describeIssues(error: z.ZodError): string {
  const first = error.issues[0];
  if (!first) return 'invalid content';
  const where = first.path.length > 0 ? first.path.map(String).join('.') : 'the top level';
  return `${where}: ${first.message}`;
}

/** Reads the file; null when there is none yet. */
export async function readProfilesFile(path: string, now: () => Date = () => new Date()): Promise<ProfilesFile | null> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  let why: string;
  try {
    const parsed = ProfilesFile.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
    why = describeIssues(parsed.error);
  } catch {
    why = 'not valid JSON';
  }
  const copyPath = `${path}.corrupt-${now().toISOString().replace(/[:.]/g, '-')}`;
  await copyFile(path, copyPath);
  throw new ProfilesFileError(path, copyPath, why);
}

export async function writeProfilesFile(path: string, file: ProfilesFile): Promise<void> {
  await writeFileAtomic(path, `${JSON.stringify(file, null, 2)}\n`);
}
