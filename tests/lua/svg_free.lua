-- A free canvas in world coordinates, negative ones included: the SVG
-- shifts the drawing so that everything shows.
return {layout = "free", viewport = {width = 300, height = 200, x = -150, y = -100},
  items = {{id = "note", x = -120, y = -80, width = 100, height = 60},
           {id = "card", x = 20, y = -30, width = 80, height = 80},
           {id = "pin", x = 140, y = 60, width = 30, height = 30}}}
