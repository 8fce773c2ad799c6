// Reads the repository's Dockerfile and replays its stages without Docker, which cannot pull
// images on every machine that runs the tests (docker-steps.test.ts). Each stage gets a folder
// that stands for its filesystem; the build context is the repository as a clone has it
// (`git ls-files`, read from the working tree) less what .dockerignore excludes.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { root } from '../../scripts/build-inputs.mjs';

export interface Instruction {
  keyword: string;
  flags: Record<string, string>;
  args: string;
  line: number;
}

export interface Stage {
  name: string;
  image: string;
  /** The folder that stands for the stage's `/`. */
  root: string;
  workdir: string;
  env: Record<string, string>;
  user: string;
  cmd?: string[];
  healthcheck?: { flags: Record<string, string>; command: string[] };
  expose: string[];
  volumes: string[];
  stopSignal?: string;
}

/** Instructions in order, continuation lines joined, comments dropped, leading `--flags` split off. */
export function parseDockerfile(text: string): Instruction[] {
  const instructions: Instruction[] = [];
  let pending = '';
  let start = 0;
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (line.startsWith('#') || (!pending && line === '')) return;
    if (!pending) start = index + 1;
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1)} `;
      return;
    }
    const [, keyword = '', rest = ''] = /^(\S+)\s*(.*)$/s.exec(pending + line) ?? [];
    pending = '';
    let args = rest;
    const flags: Record<string, string> = {};
    for (let flag = /^--([\w-]+)=(\S+)\s*/.exec(args); flag; flag = /^--([\w-]+)=(\S+)\s*/.exec(args)) {
      flags[flag[1] as string] = flag[2] as string;
      args = args.slice(flag[0].length);
    }
    instructions.push({ keyword: keyword.toUpperCase(), flags, args: args.trim(), line: start });
  });
  return instructions;
}

/** Exec form (a JSON array) as it is; shell form through `/bin/sh -c`, as Docker runs it. */
export function commandOf(args: string): string[] {
  return args.startsWith('[') ? (JSON.parse(args) as string[]) : ['/bin/sh', '-c', args];
}

/** `ENV A=1 B="two words"` (and the old `ENV A 1`). */
function parseEnv(args: string): Record<string, string> {
  if (!/^\S+=/.test(args)) {
    const [, name = '', value = ''] = /^(\S+)\s+(.*)$/s.exec(args) ?? [];
    return { [name]: value };
  }
  const env: Record<string, string> = {};
  for (const [, name = '', quoted, bare] of args.matchAll(/(\w+)=(?:"([^"]*)"|(\S*))/g)) {
    env[name] = quoted ?? bare ?? '';
  }
  return env;
}

/** .dockerignore's rules: Go-style globs from the context root, `**` for any depth, `!` to keep. */
export function dockerignore(text: string): (file: string) => boolean {
  const rules = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const keep = line.startsWith('!');
      const pattern = path.posix.normalize(line.slice(keep ? 1 : 0).replace(/^\/+/, ''));
      let source = '';
      for (let i = 0; i < pattern.length; i++) {
        const c = pattern[i] as string;
        if (c === '*' && pattern[i + 1] === '*') {
          i += pattern[i + 2] === '/' ? 2 : 1;
          source += pattern[i] === '/' ? '(?:.*/)?' : '.*';
        } else if (c === '*') source += '[^/]*';
        else if (c === '?') source += '[^/]';
        else source += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
      }
      return { keep, pattern: new RegExp(`^${source}$`) };
    });
  // Like Docker, a rule that matches a folder matches everything in it; the last match wins.
  return (file) => {
    const parts = file.split('/');
    const prefixes = parts.map((_, i) => parts.slice(0, i + 1).join('/'));
    let ignored = false;
    for (const rule of rules) {
      if (prefixes.some((prefix) => rule.pattern.test(prefix))) ignored = !rule.keep;
    }
    return ignored;
  };
}

/** The build context `docker build .` gets from a clone of the repository, copied into `into`. */
export async function buildContext(into: string): Promise<string[]> {
  const listed = await run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '' },
  });
  const ignoreFile = path.join(root, '.dockerignore');
  const ignored = dockerignore(fs.existsSync(ignoreFile) ? fs.readFileSync(ignoreFile, 'utf8') : '');
  const files = listed
    .split('\0')
    .filter((file) => file && !ignored(file) && fs.existsSync(path.join(root, file)));
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(into, file)), { recursive: true });
    fs.copyFileSync(path.join(root, file), path.join(into, file));
  }
  return files;
}

/** Runs a command to its end; rejects with its output when it fails. */
export function run(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.once('error', reject);
    child.once('close', (code) => {
      if (code === 0) resolve(output);
      else reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${output.slice(-4000)}`));
    });
  });
}

/** An image path (absolute, or relative to the working directory) inside a stage's folder. */
export function inStage(stage: Stage, target: string): string {
  return path.join(stage.root, path.posix.resolve(stage.workdir, target));
}

/**
 * Replays every stage: WORKDIR, ENV and COPY act on the stage's folder, RUN runs its shell
 * command there with `runEnv` plus the stage's ENV, and the rest is recorded for the caller to
 * check. Any other instruction fails, so the Dockerfile cannot outgrow what this replays.
 */
export async function replay(
  instructions: Instruction[],
  options: { context: string; scratch: string; runEnv: Record<string, string> },
): Promise<Stage[]> {
  const stages: Stage[] = [];
  for (const { keyword, flags, args, line } of instructions) {
    const where = `Dockerfile line ${line} (${keyword} ${args})`;
    if (keyword === 'FROM') {
      const [, image = '', name = String(stages.length)] = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args) ?? [];
      const stageRoot = path.join(options.scratch, `stage-${name}`);
      fs.mkdirSync(stageRoot, { recursive: true });
      stages.push({
        name,
        image,
        root: stageRoot,
        workdir: '/',
        env: {},
        user: 'root',
        expose: [],
        volumes: [],
      });
      continue;
    }
    const stage = stages.at(-1);
    if (!stage) throw new Error(`${where}: before any FROM`);
    switch (keyword) {
      case 'WORKDIR':
        stage.workdir = path.posix.resolve(stage.workdir, args);
        fs.mkdirSync(inStage(stage, '.'), { recursive: true });
        break;
      case 'ENV':
        Object.assign(stage.env, parseEnv(args));
        break;
      case 'COPY': {
        const [sources, target] = splitCopy(args, where);
        const from = flags.from ? stages.find((s) => s.name === flags.from) : undefined;
        if (flags.from && !from) throw new Error(`${where}: no stage named ${flags.from}`);
        const into = inStage(stage, target);
        for (const source of sources) {
          if (/[*?[]/.test(source)) throw new Error(`${where}: wildcards are not replayed`);
          const file = from
            ? path.join(from.root, path.posix.resolve('/', source))
            : path.join(options.context, source);
          if (!fs.existsSync(file)) throw new Error(`${where}: ${source} does not exist`);
          // A folder's contents go into the target; a file goes into a target ending in `/`.
          const destination =
            fs.statSync(file).isFile() && (target.endsWith('/') || sources.length > 1)
              ? path.join(into, path.basename(file))
              : into;
          fs.cpSync(file, destination, { recursive: true });
        }
        break;
      }
      case 'RUN':
        for (const [flag, value] of Object.entries(flags)) {
          // A cache mount only keeps npm's cache between builds; runEnv points npm at this machine's.
          if (flag !== 'mount' || !value.startsWith('type=cache,'))
            throw new Error(`${where}: --${flag} is not replayed`);
        }
        {
          const [command = '', ...rest] = commandOf(args);
          await run(command, rest, { cwd: inStage(stage, '.'), env: { ...options.runEnv, ...stage.env } });
        }
        break;
      case 'USER':
        stage.user = args;
        break;
      case 'EXPOSE':
        stage.expose.push(...args.split(/\s+/));
        break;
      case 'VOLUME':
        stage.volumes.push(...(args.startsWith('[') ? (JSON.parse(args) as string[]) : args.split(/\s+/)));
        break;
      case 'STOPSIGNAL':
        stage.stopSignal = args;
        break;
      case 'HEALTHCHECK':
        if (!args.startsWith('CMD ')) throw new Error(`${where}: only HEALTHCHECK CMD is replayed`);
        stage.healthcheck = { flags, command: commandOf(args.slice(4).trim()) };
        break;
      case 'CMD':
        stage.cmd = commandOf(args);
        break;
      default:
        throw new Error(`${where}: ${keyword} is not replayed; teach tests/reliability/dockerfile.ts`);
    }
  }
  return stages;
}

function splitCopy(args: string, where: string): [string[], string] {
  const parts = args.startsWith('[') ? (JSON.parse(args) as string[]) : args.split(/\s+/);
  const target = parts.pop();
  if (!target || parts.length === 0) throw new Error(`${where}: COPY needs a source and a target`);
  return [parts, target];
}
