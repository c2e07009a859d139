// The browser's reading of URLs, for the checks written in Python: node's URL class implements the
// WHATWG URL Standard as browsers do. Reads one JSON string a line on standard input and answers
// one JSON line each: null where a browser refuses the URL, else the parts the URL policy decides on.
import readline from "node:readline";

const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
lines.on("line", (line) => {
  const text = JSON.parse(line);
  let answer = null;
  try {
    const url = new URL(text);
    answer = {
      href: url.href,
      protocol: url.protocol,
      username: url.username,
      password: url.password,
      hostname: url.hostname,
    };
  } catch {
    // refused
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
});
