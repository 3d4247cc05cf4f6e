// node web/tests/matcli.mjs RECORD OUTDIR: writes what the companion page would download
// for RECORD (web/matexport.js), one .mat per match; prints the names and skipped lines.
import fs from "fs";
import { exportRecord } from "../matexport.js";
const [record, outdir] = process.argv.slice(2);
const base = record.split("/").pop().replace(/\.[^.]*$/, "");
const { files, problems } = exportRecord(fs.readFileSync(record, "utf8"), base);
for (const f of files) fs.writeFileSync(outdir + "/" + f.name, f.text);
console.log(JSON.stringify({ files: files.map((f) => f.name), problems }));
