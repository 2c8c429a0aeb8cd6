import { type MarkdownTask, runMarkdownTask } from "./markdownTasks.js"

/** The worker threads' entry (see `markdownWorkers`): one task in, its result out. */
export default (task: MarkdownTask) => runMarkdownTask(task)
