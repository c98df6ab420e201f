-- args: --sandbox
-- expect: dofile is not available in the sandbox
dofile("/etc/passwd")
