// What a key can do: the actions keymap.ts binds keys to. Names and
// arguments only; src/state.ts gives them their meaning.

export type Action =
  | ['quit']
  | ['redraw']
  | ['scrollLines', number]
  | ['scrollHalfScreens', number]
  | ['scrollScreens', number]
  | ['top']
  | ['bottom'];

export type ActionName = Action[0];
