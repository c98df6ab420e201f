int canvas_lua_placeholder;
