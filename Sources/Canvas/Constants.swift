import CCanvasHeader

// canvas.h declares its constants as enumerators, so that FFI parsers (cffi,
// LuaJIT) can read them; Swift imports an anonymous enum's constants as Int.
// These restate them with the C type the header gives them, and shadow the
// imported ones inside this module. A constant missing here shows up as an
// Int where a CInt is wanted: add it beside its kin.

let CANVAS_OK = canvas_status(CCanvasHeader.CANVAS_OK)
let CANVAS_ERR_NULL = canvas_status(CCanvasHeader.CANVAS_ERR_NULL)
let CANVAS_ERR_INVALID_ARGUMENT = canvas_status(CCanvasHeader.CANVAS_ERR_INVALID_ARGUMENT)
let CANVAS_ERR_NON_FINITE = canvas_status(CCanvasHeader.CANVAS_ERR_NON_FINITE)
let CANVAS_ERR_CALLBACK = canvas_status(CCanvasHeader.CANVAS_ERR_CALLBACK)
let CANVAS_ERR_BUFFER_TOO_SMALL = canvas_status(CCanvasHeader.CANVAS_ERR_BUFFER_TOO_SMALL)
let CANVAS_ERR_BAD_LAYOUT = canvas_status(CCanvasHeader.CANVAS_ERR_BAD_LAYOUT)
let CANVAS_ERR_BUSY = canvas_status(CCanvasHeader.CANVAS_ERR_BUSY)
let CANVAS_ERR_NOT_FOUND = canvas_status(CCanvasHeader.CANVAS_ERR_NOT_FOUND)
let CANVAS_ERR_NO_MEMORY = canvas_status(CCanvasHeader.CANVAS_ERR_NO_MEMORY)

let CANVAS_FLOW_ALIGN_TOP = canvas_flow_alignment(CCanvasHeader.CANVAS_FLOW_ALIGN_TOP)
let CANVAS_FLOW_ALIGN_CENTER = canvas_flow_alignment(CCanvasHeader.CANVAS_FLOW_ALIGN_CENTER)
let CANVAS_FLOW_ALIGN_BOTTOM = canvas_flow_alignment(CCanvasHeader.CANVAS_FLOW_ALIGN_BOTTOM)

let CANVAS_CONTENT_AUTOMATIC = canvas_content_mode(CCanvasHeader.CANVAS_CONTENT_AUTOMATIC)
let CANVAS_CONTENT_FIXED = canvas_content_mode(CCanvasHeader.CANVAS_CONTENT_FIXED)
let CANVAS_CONTENT_AT_LEAST = canvas_content_mode(CCanvasHeader.CANVAS_CONTENT_AT_LEAST)

let CANVAS_DIRECTION_LTR = canvas_direction(CCanvasHeader.CANVAS_DIRECTION_LTR)
let CANVAS_DIRECTION_RTL = canvas_direction(CCanvasHeader.CANVAS_DIRECTION_RTL)

let CANVAS_STEP_IDLE = canvas_step_result(CCanvasHeader.CANVAS_STEP_IDLE)
let CANVAS_STEP_DEFERRED = canvas_step_result(CCanvasHeader.CANVAS_STEP_DEFERRED)
let CANVAS_STEP_MEASURED = canvas_step_result(CCanvasHeader.CANVAS_STEP_MEASURED)
let CANVAS_STEP_RESOLVED = canvas_step_result(CCanvasHeader.CANVAS_STEP_RESOLVED)

let CANVAS_PAGE_LEFT = canvas_page_direction(CCanvasHeader.CANVAS_PAGE_LEFT)
let CANVAS_PAGE_RIGHT = canvas_page_direction(CCanvasHeader.CANVAS_PAGE_RIGHT)
let CANVAS_PAGE_UP = canvas_page_direction(CCanvasHeader.CANVAS_PAGE_UP)
let CANVAS_PAGE_DOWN = canvas_page_direction(CCanvasHeader.CANVAS_PAGE_DOWN)

let CANVAS_BACKDROP_NONE = canvas_backdrop_kind(CCanvasHeader.CANVAS_BACKDROP_NONE)
let CANVAS_BACKDROP_DOTS = canvas_backdrop_kind(CCanvasHeader.CANVAS_BACKDROP_DOTS)
let CANVAS_BACKDROP_GRID = canvas_backdrop_kind(CCanvasHeader.CANVAS_BACKDROP_GRID)

let CANVAS_ZOOM_HORIZONTAL = canvas_zoom_axis(CCanvasHeader.CANVAS_ZOOM_HORIZONTAL)
let CANVAS_ZOOM_VERTICAL = canvas_zoom_axis(CCanvasHeader.CANVAS_ZOOM_VERTICAL)
let CANVAS_ZOOM_BOTH = canvas_zoom_axis(CCanvasHeader.CANVAS_ZOOM_BOTH)
let CANVAS_ZOOM_AUTOMATIC = canvas_zoom_axis(CCanvasHeader.CANVAS_ZOOM_AUTOMATIC)

let CANVAS_ZOOM_WILL_BEGIN = canvas_zoom_event(CCanvasHeader.CANVAS_ZOOM_WILL_BEGIN)
let CANVAS_ZOOM_DID_CHANGE = canvas_zoom_event(CCanvasHeader.CANVAS_ZOOM_DID_CHANGE)
let CANVAS_ZOOM_DID_END = canvas_zoom_event(CCanvasHeader.CANVAS_ZOOM_DID_END)

let CANVAS_PINCH_BEGAN = canvas_pinch_phase(CCanvasHeader.CANVAS_PINCH_BEGAN)
let CANVAS_PINCH_CHANGED = canvas_pinch_phase(CCanvasHeader.CANVAS_PINCH_CHANGED)
let CANVAS_PINCH_ENDED = canvas_pinch_phase(CCanvasHeader.CANVAS_PINCH_ENDED)
let CANVAS_PINCH_CANCELLED = canvas_pinch_phase(CCanvasHeader.CANVAS_PINCH_CANCELLED)
let CANVAS_PINCH_FAILED = canvas_pinch_phase(CCanvasHeader.CANVAS_PINCH_FAILED)

let CANVAS_SELECT_NOTHING = canvas_select_result(CCanvasHeader.CANVAS_SELECT_NOTHING)
let CANVAS_SELECT_SELECTED = canvas_select_result(CCanvasHeader.CANVAS_SELECT_SELECTED)
let CANVAS_SELECT_REFUSED = canvas_select_result(CCanvasHeader.CANVAS_SELECT_REFUSED)

let CANVAS_SCROLL_UNBOUNDED = canvas_scroll_extent(CCanvasHeader.CANVAS_SCROLL_UNBOUNDED)
let CANVAS_SCROLL_CONTENT = canvas_scroll_extent(CCanvasHeader.CANVAS_SCROLL_CONTENT)

let CANVAS_REORDER_FRONT = canvas_reorder_kind(CCanvasHeader.CANVAS_REORDER_FRONT)
let CANVAS_REORDER_BACK = canvas_reorder_kind(CCanvasHeader.CANVAS_REORDER_BACK)

let CANVAS_MARQUEE_INTERSECT = canvas_marquee_mode(CCanvasHeader.CANVAS_MARQUEE_INTERSECT)
let CANVAS_MARQUEE_CONTAIN = canvas_marquee_mode(CCanvasHeader.CANVAS_MARQUEE_CONTAIN)

let CANVAS_SELECTION_REPLACE = canvas_selection_op(CCanvasHeader.CANVAS_SELECTION_REPLACE)
let CANVAS_SELECTION_ADD = canvas_selection_op(CCanvasHeader.CANVAS_SELECTION_ADD)
let CANVAS_SELECTION_TOGGLE = canvas_selection_op(CCanvasHeader.CANVAS_SELECTION_TOGGLE)
let CANVAS_SELECTION_SUBTRACT = canvas_selection_op(CCanvasHeader.CANVAS_SELECTION_SUBTRACT)

let CANVAS_TOOL_PAN = canvas_tool(CCanvasHeader.CANVAS_TOOL_PAN)
let CANVAS_TOOL_SELECT = canvas_tool(CCanvasHeader.CANVAS_TOOL_SELECT)

let CANVAS_GUIDE_EDGE = canvas_guide_kind(CCanvasHeader.CANVAS_GUIDE_EDGE)
let CANVAS_GUIDE_CENTER = canvas_guide_kind(CCanvasHeader.CANVAS_GUIDE_CENTER)
let CANVAS_GUIDE_GAP = canvas_guide_kind(CCanvasHeader.CANVAS_GUIDE_GAP)
let CANVAS_GUIDE_GRID = canvas_guide_kind(CCanvasHeader.CANVAS_GUIDE_GRID)
let CANVAS_PHASE_IDLE = canvas_motion_phase(CCanvasHeader.CANVAS_PHASE_IDLE)
let CANVAS_PHASE_DRAGGING = canvas_motion_phase(CCanvasHeader.CANVAS_PHASE_DRAGGING)
let CANVAS_PHASE_DECELERATING = canvas_motion_phase(CCanvasHeader.CANVAS_PHASE_DECELERATING)
let CANVAS_PHASE_BOUNCING = canvas_motion_phase(CCanvasHeader.CANVAS_PHASE_BOUNCING)
let CANVAS_PHASE_ANIMATING = canvas_motion_phase(CCanvasHeader.CANVAS_PHASE_ANIMATING)
let CANVAS_PHASE_PINCHING = canvas_motion_phase(CCanvasHeader.CANVAS_PHASE_PINCHING)

let CANVAS_MODIFIER_SHIFT = canvas_modifiers(CCanvasHeader.CANVAS_MODIFIER_SHIFT)
let CANVAS_MODIFIER_CTRL = canvas_modifiers(CCanvasHeader.CANVAS_MODIFIER_CTRL)
let CANVAS_MODIFIER_ALT = canvas_modifiers(CCanvasHeader.CANVAS_MODIFIER_ALT)
let CANVAS_MODIFIER_META = canvas_modifiers(CCanvasHeader.CANVAS_MODIFIER_META)

let CANVAS_POINTER_DOWN = canvas_pointer_phase(CCanvasHeader.CANVAS_POINTER_DOWN)
let CANVAS_POINTER_MOVE = canvas_pointer_phase(CCanvasHeader.CANVAS_POINTER_MOVE)
let CANVAS_POINTER_UP = canvas_pointer_phase(CCanvasHeader.CANVAS_POINTER_UP)
let CANVAS_POINTER_CANCEL = canvas_pointer_phase(CCanvasHeader.CANVAS_POINTER_CANCEL)
let CANVAS_BUTTON_PRIMARY = canvas_pointer_button(CCanvasHeader.CANVAS_BUTTON_PRIMARY)
let CANVAS_BUTTON_SECONDARY = canvas_pointer_button(CCanvasHeader.CANVAS_BUTTON_SECONDARY)
let CANVAS_BUTTON_MIDDLE = canvas_pointer_button(CCanvasHeader.CANVAS_BUTTON_MIDDLE)
let CANVAS_HELD_SPACE = canvas_held_key(CCanvasHeader.CANVAS_HELD_SPACE)

let CANVAS_WHEEL_PIXEL = canvas_wheel_mode(CCanvasHeader.CANVAS_WHEEL_PIXEL)
let CANVAS_WHEEL_LINE = canvas_wheel_mode(CCanvasHeader.CANVAS_WHEEL_LINE)
let CANVAS_WHEEL_PAGE = canvas_wheel_mode(CCanvasHeader.CANVAS_WHEEL_PAGE)

let CANVAS_KEY_LEFT = canvas_key_code(CCanvasHeader.CANVAS_KEY_LEFT)
let CANVAS_KEY_RIGHT = canvas_key_code(CCanvasHeader.CANVAS_KEY_RIGHT)
let CANVAS_KEY_UP = canvas_key_code(CCanvasHeader.CANVAS_KEY_UP)
let CANVAS_KEY_DOWN = canvas_key_code(CCanvasHeader.CANVAS_KEY_DOWN)
let CANVAS_KEY_PAGE_UP = canvas_key_code(CCanvasHeader.CANVAS_KEY_PAGE_UP)
let CANVAS_KEY_PAGE_DOWN = canvas_key_code(CCanvasHeader.CANVAS_KEY_PAGE_DOWN)
let CANVAS_KEY_HOME = canvas_key_code(CCanvasHeader.CANVAS_KEY_HOME)
let CANVAS_KEY_END = canvas_key_code(CCanvasHeader.CANVAS_KEY_END)
let CANVAS_KEY_DELETE = canvas_key_code(CCanvasHeader.CANVAS_KEY_DELETE)

let CANVAS_BOUNCE_AUTOMATIC = canvas_bounce(CCanvasHeader.CANVAS_BOUNCE_AUTOMATIC)
let CANVAS_BOUNCE_ALWAYS = canvas_bounce(CCanvasHeader.CANVAS_BOUNCE_ALWAYS)
let CANVAS_BOUNCE_BASED_ON_SIZE = canvas_bounce(CCanvasHeader.CANVAS_BOUNCE_BASED_ON_SIZE)
let CANVAS_BOUNCE_NEVER = canvas_bounce(CCanvasHeader.CANVAS_BOUNCE_NEVER)

let CANVAS_INDICATORS_AUTOMATIC = canvas_indicator_mode(CCanvasHeader.CANVAS_INDICATORS_AUTOMATIC)
let CANVAS_INDICATORS_VISIBLE = canvas_indicator_mode(CCanvasHeader.CANVAS_INDICATORS_VISIBLE)
let CANVAS_INDICATORS_HIDDEN = canvas_indicator_mode(CCanvasHeader.CANVAS_INDICATORS_HIDDEN)

let CANVAS_PAN_FREE = canvas_pan_axis(CCanvasHeader.CANVAS_PAN_FREE)
let CANVAS_PAN_HORIZONTAL = canvas_pan_axis(CCanvasHeader.CANVAS_PAN_HORIZONTAL)
let CANVAS_PAN_VERTICAL = canvas_pan_axis(CCanvasHeader.CANVAS_PAN_VERTICAL)
let CANVAS_PAN_LOCKED = canvas_pan_axis(CCanvasHeader.CANVAS_PAN_LOCKED)

let CANVAS_AXIS_HORIZONTAL = canvas_axis(CCanvasHeader.CANVAS_AXIS_HORIZONTAL)
let CANVAS_AXIS_VERTICAL = canvas_axis(CCanvasHeader.CANVAS_AXIS_VERTICAL)

let CANVAS_LOD_MIN_SIZE = canvas_lod_default(CCanvasHeader.CANVAS_LOD_MIN_SIZE)
let CANVAS_LOD_CELL = canvas_lod_default(CCanvasHeader.CANVAS_LOD_CELL)
