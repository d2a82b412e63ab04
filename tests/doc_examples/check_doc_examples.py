#!/usr/bin/env python3
"""tests/doc_examples/check_doc_examples.py — keeps the worked examples of the API documents
byte-equal to the files that tests/doc_examples builds and runs.

In each DOC, a line `<!-- example: PATH -->` must be followed (after an optional blank line) by
a fenced block whose body equals the file PATH (relative to the repository) exactly. Every
```c and ```cpp block of a DOC must carry such a line (no code in the documents that is not
built and run), and every
file of docs/examples/ must be shown by one of the DOCs. Prints what differs (a unified diff)
and exits 1 on any mismatch. With --update first, rewrites each marked block from its file
instead (after editing an example). Usage: check_doc_examples.py [--update] REPO_ROOT DOC..."""
import difflib
import os
import re
import sys

args = sys.argv[1:]
update = bool(args) and args[0] == "--update"
if update:
    args = args[1:]
root, docs = args[0], args[1:]
MARK = re.compile(r"<!-- example: (\S+) -->\n\n?```(\w+)\n(.*?)```", re.S)
FENCE = re.compile(r"^```(\w+)\n(.*?)^```", re.S | re.M)
errors, shown = [], set()
for doc in docs:
    text = open(os.path.join(root, doc), encoding="utf-8").read()
    if update:
        def fill(m):
            body = open(os.path.join(root, m.group(1)), encoding="utf-8").read()
            return f"<!-- example: {m.group(1)} -->\n```{m.group(2)}\n{body}```"
        text = MARK.sub(fill, text)
        open(os.path.join(root, doc), "w", encoding="utf-8").write(text)
    marked = set()
    for m in MARK.finditer(text):
        path, body = m.group(1), m.group(3)
        marked.add(m.start(3))
        shown.add(os.path.normpath(path))
        try:
            want = open(os.path.join(root, path), encoding="utf-8").read()
        except OSError as e:
            errors.append(f"{doc}: {path}: {e.strerror}")
            continue
        if body != want:
            diff = difflib.unified_diff(want.splitlines(True), body.splitlines(True), path, doc)
            errors.append(f"{doc}: the block for {path} differs from the file:\n" + "".join(diff))
    for f in FENCE.finditer(text):
        if f.group(1) in ("c", "cpp") and f.start(2) not in marked:
            line = text.count("\n", 0, f.start()) + 1
            errors.append(f"{doc}:{line}: a ```{f.group(1)} block without `<!-- example: PATH -->`")
examples = os.path.join(root, "docs", "examples")
for name in sorted(os.listdir(examples)):
    path = os.path.normpath(os.path.join("docs", "examples", name))
    if path not in shown:
        errors.append(f"{path}: not shown by any of {', '.join(docs)}")
for e in errors:
    print(e)
print(f"doc examples: {len(shown)} blocks checked, {len(errors)} problem(s)")
sys.exit(1 if errors else 0)
