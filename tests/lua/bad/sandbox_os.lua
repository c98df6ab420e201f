-- args: --sandbox
-- expect: os.execute is not available in the sandbox
os.execute("true")
