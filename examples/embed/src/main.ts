import { makeApp } from "./app.js"

const app = await makeApp({ filename: process.env.QUIRE_SQLITE ?? "./data/embedded.db" })
const port = Number(process.env.PORT ?? 8080)
app.server.listen(port, () => console.log(`Backend with embedded Quire on http://localhost:${port}`))
process.once("SIGTERM", () => void app.close())
