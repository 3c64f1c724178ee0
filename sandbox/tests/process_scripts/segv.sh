#!/bin/sh
# Dies of SIGSEGV, as a C++ program with a stack overflow would; no core file wanted.
ulimit -c 0 2>/dev/null
kill -SEGV $$
