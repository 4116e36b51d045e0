import { ViewerApp } from './app.js';
import { installTestHook } from './test-hook.js';
import './style.css';

const app = new ViewerApp(
  document.getElementById('stage')!,
  document.getElementById('info')!,
  document.getElementById('figures')!,
  document.getElementById('plot')!,
);
const query = new URLSearchParams(window.location.search);
app.start(query.get('scene') ?? 'rope', query.get('compare') === '1', query.get('worker') === '1');
installTestHook(app);
