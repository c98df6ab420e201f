-- expect: backdrop.kind: unknown backdrop kind 'stripes' (expected "dots", "grid" or "none")
return {items = 4, item_size = {50, 50}, backdrop = {kind = "stripes", spacing = 10}}
