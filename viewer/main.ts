import { ViewerApp } from './app.js';
import { installTestHook } from './test-hook.js';
import './style.css';

const app = new ViewerApp(document.getElementById('stage')!, document.getElementById('info')!, document.getElementById('figures')!);
app.start(new URLSearchParams(window.location.search).get('scene') ?? 'rope');
installTestHook(app);
