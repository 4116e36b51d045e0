// What kind of body a body is: 'dynamic' (moved by forces and constraints), 'static' (never moves) or
// 'kinematic' (moves at the velocity it is given, pushed by nothing). Its own file so that sleep.ts, below
// the bodies, can name it.

export type BodyType = 'dynamic' | 'static' | 'kinematic';
