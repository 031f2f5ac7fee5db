import { constants, createReadStream } from "node:fs";
import { chmod, open, stat } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { PassThrough, Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";

/*
 * The envelope of a backup file (issue 58 §5). A backup holds every
 * account's password hash and email, the server's AUTH_SECRET (which opens
 * the sealed SSO client secrets and credential signing key in the same
 * file), the VAPID private key and every upload: it is written for its
 * owner alone (mode 0600, created exclusively, never through a link), never
 * into a folder other users may write to, and with `--encrypt` sealed with a
 * passphrase in the age format (age-encryption.org/v1, scrypt), which the
 * `age` command line tool also opens: `age -d kindly.backup | gunzip`.
 */

/** What every age file starts with. */
const AGE_MAGIC = "age-encryption.org/v1\n";
/** age's scrypt work factor (2^18, the reference tool's default). */
const SCRYPT_LOG_N = 18;
const age = () => import("age-encryption");

export class BackupFileError extends Error {}

/** Refuses a folder users other than its owner may write to (they could swap or read the file as it is made). */
export async function assertPrivateFolder(file: string): Promise<void> {
  const folder = dirname(resolve(file));
  const { mode } = await stat(folder);
  if (mode & 0o022) {
    throw new BackupFileError(
      `The folder ${folder} can be written by other users (mode ${(mode & 0o777).toString(8)}): write backups to a folder only you can write to.`,
    );
  }
}

/**
 * A stream that writes `temporary` for its owner alone, through age when a
 * passphrase is given. Resolve `done()` after ending the stream.
 */
export async function backupWriter(temporary: string, passphrase: string | null): Promise<{ stream: Writable; done: Promise<void> }> {
  // O_EXCL: never through a file or link already there; 0600 whatever the umask lets through.
  const handle = await open(temporary, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600);
  await chmod(temporary, 0o600);
  // The stream owns the handle itself: given only its number, the handle could be
  // collected (and its descriptor closed) while the stream still writes to it.
  const file = handle.createWriteStream();
  if (!passphrase) {
    return { stream: file, done: new Promise((resolveDone, reject) => file.on("close", resolveDone).on("error", reject)) };
  }
  const { Encrypter } = await age();
  const encrypter = new Encrypter();
  encrypter.setPassphrase(passphrase);
  encrypter.setScryptWorkFactor(SCRYPT_LOG_N);
  const plain = new PassThrough();
  const sealed = await encrypter.encrypt(Readable.toWeb(plain) as ReadableStream<Uint8Array>);
  const done = pipeline(Readable.fromWeb(sealed as unknown as import("node:stream/web").ReadableStream<Uint8Array>), file);
  return { stream: plain, done };
}

/** Whether the file is sealed (an age file): restore then needs its passphrase. */
export async function isEncryptedBackup(file: string): Promise<boolean> {
  const handle = await open(file, "r");
  try {
    const start = Buffer.alloc(AGE_MAGIC.length);
    await handle.read(start, 0, start.length, 0);
    return start.toString("latin1") === AGE_MAGIC;
  } finally {
    await handle.close();
  }
}

/** The file's bytes as written before sealing; a wrong passphrase is a BackupFileError. */
export async function backupReader(file: string, passphrase: string | null): Promise<Readable> {
  if (!(await isEncryptedBackup(file))) return createReadStream(file);
  if (!passphrase) throw new BackupFileError("This backup is encrypted: give its passphrase.");
  const { Decrypter } = await age();
  const decrypter = new Decrypter();
  decrypter.addPassphrase(passphrase);
  try {
    const opened = await decrypter.decrypt(Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>);
    return Readable.fromWeb(opened as unknown as import("node:stream/web").ReadableStream<Uint8Array>);
  } catch (error) {
    throw new BackupFileError(`The passphrase does not open this backup (${(error as Error).message}).`);
  }
}
