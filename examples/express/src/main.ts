import { makeApp } from "./app.js"

const { app, close } = await makeApp({ filename: process.env.QUIRE_SQLITE ?? "./data/express.db" })
const port = Number(process.env.PORT ?? 8080)
const server = app.listen(port, () => console.log(`Express with embedded Quire on http://localhost:${port}`))
process.once("SIGTERM", () => server.close(() => void close()))
