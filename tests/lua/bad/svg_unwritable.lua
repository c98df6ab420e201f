-- args: --svg /nonexistent-folder/out.svg
-- expect: cannot open /nonexistent-folder/out.svg
return {items = 2, item_size = {10, 10}}
