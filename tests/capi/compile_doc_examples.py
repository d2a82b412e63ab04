#!/usr/bin/env python3
"""tests/capi/compile_doc_examples.py — compiles every ```c block of docs/api-c.md as C99
(-Wall -Wextra -pedantic -Werror) against include/aeskit/aeskit.h, so the documented examples
cannot drift from the header. A block that is not a function definition is wrapped in one
taking `const uint8_t* key`. Usage: compile_doc_examples.py CC INCLUDE_DIR DOC OUT_DIR"""
import os
import re
import subprocess
import sys

cc, include_dir, doc, out_dir = sys.argv[1:5]
blocks = re.findall(r"```c\n(.*?)```", open(doc, encoding="utf-8").read(), re.S)
if not blocks:
    sys.exit(f"{doc}: no C examples found")
source = "#include <stdio.h>\n#include <aeskit/aeskit.h>\n"
for i, block in enumerate(blocks):
    block = block.replace("#include <stdio.h>\n", "").replace("#include <aeskit/aeskit.h>\n", "")
    if not block.lstrip().startswith(("int ", "static ", "void ")):
        block = f"void example_{i}(const uint8_t* key) {{\n{block}}}\n"
    source += block + "\n"
path = os.path.join(out_dir, "api_c_doc_examples.c")
with open(path, "w", encoding="utf-8") as f:
    f.write(source)
cmd = [cc, "-std=c99", "-Wall", "-Wextra", "-pedantic", "-Werror", "-I", include_dir, "-c", path,
       "-o", path + ".o"]
rc = subprocess.call(cmd)
print(f"{len(blocks)} examples of {doc}: {'compiled' if rc == 0 else 'FAILED'}")
sys.exit(rc)
