/** ANSI colour and style sequences (`ESC [ ... m`), as @effect/cli writes its help and errors. */
const STYLE = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g")

/** Whether `stream` gets colours: a terminal, and `NO_COLOR` unset. */
export const styled = (stream: NodeJS.WriteStream) => stream.isTTY === true && process.env.NO_COLOR === undefined

/** `text` as written to `stream`: without colours unless `styled(stream)`. */
export const forStream = (stream: NodeJS.WriteStream, text: string): string => (styled(stream) ? text : text.replace(STYLE, ""))
