import { expect } from "vitest"

/** An MCP tool's answer as the tests read it: its first text content and whether it is an error. */
export interface ToolAnswer {
  readonly isError: boolean
  readonly text: string
}

/** The error body of a tool error: the REST API's. */
export const errorOf = (answer: ToolAnswer) => {
  expect(answer.isError, answer.text).toBe(true)
  return (JSON.parse(answer.text) as { error: { code: number; message: string; field?: string } }).error
}

/** The JSON of a tool's success. */
export const successOf = <A = any>(answer: ToolAnswer): A => {
  expect(answer.isError, answer.text).toBe(false)
  return JSON.parse(answer.text) as A
}
