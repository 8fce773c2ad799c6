// `npm run dev`: the API in watch mode on API_PORT and Vite (with HMR) on PORT, proxying /api and /ws.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { root } from './build-inputs.mjs';

const apiPort = process.env.API_PORT ?? '5001';
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'src/server/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, HOST: '127.0.0.1' },
  }),
  spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
