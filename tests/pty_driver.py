"""Runs a command in a pseudo-terminal and types into it, for tests of interactive prompts.

Usage: python3 pty_driver.py SPEC_JSON, where SPEC is
  {"cmd": [...], "env": {...}, "cwd": "...", "steps": [{"expect": "text", "send": "keys"}, ...],
   "timeout": seconds, "cols": terminal width (default 80), "rows": height (default 24)}
Each step waits until `expect` has appeared in the output (after the previous step's match), then
writes `send`. Prints {"code": exit code, "output": everything the terminal showed} as JSON.
"""
import fcntl
import json
import os
import pty
import select
import struct
import sys
import termios
import time

spec = json.loads(sys.argv[1])
deadline = time.monotonic() + spec.get("timeout", 60)
pid, fd = pty.fork()
if pid == 0:
    # Sized in the child, before exec, so the program never sees the default size first.
    size = struct.pack("HHHH", spec.get("rows", 24), spec.get("cols", 80), 0, 0)
    fcntl.ioctl(0, termios.TIOCSWINSZ, size)
    os.chdir(spec.get("cwd", "."))
    os.execvpe(spec["cmd"][0], spec["cmd"], spec.get("env", dict(os.environ)))

output = b""
seen = 0
steps = list(spec.get("steps", []))
timed_out = False


def read_some(wait):
    global output
    ready, _, _ = select.select([fd], [], [], wait)
    if not ready:
        return True
    try:
        chunk = os.read(fd, 4096)
    except OSError:  # EIO: the child closed the terminal
        return False
    if not chunk:
        return False
    output += chunk
    return True


alive = True
while alive:
    if time.monotonic() > deadline:
        timed_out = True
        os.kill(pid, 9)
        break
    if steps:
        at = output.find(steps[0]["expect"].encode(), seen)
        if at >= 0:
            seen = at + len(steps[0]["expect"])
            # Prompt libraries switch the terminal to raw mode right after drawing; a short pause
            # lets that happen before the keys arrive.
            time.sleep(0.2)
            os.write(fd, steps.pop(0)["send"].encode())
            continue
    alive = read_some(0.1)

while read_some(0.1) and time.monotonic() < deadline:
    pass
_, status = os.waitpid(pid, 0)
print(json.dumps({
    "code": os.waitstatus_to_exitcode(status),
    "output": output.decode("utf-8", "replace"),
    "timed_out": timed_out,
    "steps_left": [s["expect"] for s in steps],
}))
