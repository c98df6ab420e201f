-- args: --sandbox
-- expect: io.open is not available in the sandbox
io.open("/etc/passwd")
