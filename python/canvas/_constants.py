"""canvas.h's constants: IntEnums where C has a typed enum, plain numbers
otherwise. Generated from include/canvas.h by scripts/gen-python-constants;
do not edit by hand."""

from __future__ import annotations

from enum import IntEnum, IntFlag


class Status(IntEnum):
    """canvas_status"""

    OK = 0  # Success
    ERR_NULL = 1  # A required pointer argument was NULL
    ERR_INVALID_ARGUMENT = 2  # An argument is out of range or inconsistent
    ERR_NON_FINITE = 3  # A number that must be finite was NaN or infinite
    ERR_CALLBACK = 4  # A host callback returned a failure
    ERR_BUFFER_TOO_SMALL = 5  # An output buffer is smaller than the result
    ERR_BAD_LAYOUT = 6  # A layout returned unusable frames
    ERR_BUSY = 7  # Called from inside one of the engine's own callbacks
    ERR_NOT_FOUND = 8  # An id names no item
    ERR_NO_MEMORY = 9  # Memory sized by the input cannot be had, or a count is past its limit


class FlowAlignment(IntEnum):
    """canvas_flow_alignment"""

    TOP = 0
    CENTER = 1
    BOTTOM = 2


class GraphDirection(IntEnum):
    """canvas_graph_direction"""

    DOWN = 0
    RIGHT = 1
    RADIAL = 2


class ContentMode(IntEnum):
    """canvas_content_mode"""

    AUTOMATIC = 0  # the cluster of items plus margins
    FIXED = 1  # exactly size; larger content spills past it
    AT_LEAST = 2  # per axis, the larger of size and the automatic size


class Direction(IntEnum):
    """canvas_direction"""

    LTR = 0
    RTL = 1


class StepResult(IntEnum):
    """canvas_step_result"""

    IDLE = 0  # nothing to measure
    DEFERRED = 1  # the viewport is moving; measuring waits
    MEASURED = 2  # measured a chunk; more remain
    RESOLVED = 3  # measured the last chunk and resolved once


class PageDirection(IntEnum):
    """canvas_page_direction"""

    LEFT = 0
    RIGHT = 1
    UP = 2
    DOWN = 3


class BackdropKind(IntEnum):
    """canvas_backdrop_kind"""

    NONE = 0
    DOTS = 1  # size is the dot radius
    GRID = 2  # size is the line width (0 draws 0.5)


class ZoomAxis(IntEnum):
    """canvas_zoom_axis"""

    HORIZONTAL = 0  # widths and x only: a laid-out canvas's default
    VERTICAL = 1
    BOTH = 2  # a free canvas's default
    AUTOMATIC = 3  # for canvas_set_zoom_axis: the layout's default, following it


class ZoomEvent(IntEnum):
    """canvas_zoom_event"""

    WILL_BEGIN = 0  # a pinch began
    DID_CHANGE = 1  # the scale changed (pinch, tap, setter, new items)
    DID_END = 2  # a pinch ended, was cancelled or failed


class PinchPhase(IntEnum):
    """canvas_pinch_phase"""

    BEGAN = 0
    CHANGED = 1
    ENDED = 2
    CANCELLED = 3
    FAILED = 4


class SelectResult(IntEnum):
    """canvas_select_result"""

    NOTHING = 0  # no item under the point
    SELECTED = 1  # the item under the point is now selected
    REFUSED = 2  # a pinch is in flight; nothing changed


class ScrollExtent(IntEnum):
    """canvas_scroll_extent"""

    UNBOUNDED = 0  # anywhere (the default for a free canvas)
    CONTENT = 1  # over the union of the frames plus the margins


class ReorderKind(IntEnum):
    """canvas_reorder_kind"""

    FRONT = 0  # to the end of the data order: on top
    BACK = 1  # to the start: below everything


class MarqueeMode(IntEnum):
    """canvas_marquee_mode"""

    INTERSECT = 0  # any overlap
    CONTAIN = 1  # wholly inside


class SelectionOp(IntEnum):
    """canvas_selection_op"""

    REPLACE = 0
    ADD = 1
    TOGGLE = 2
    SUBTRACT = 3


class Tool(IntEnum):
    """canvas_tool"""

    PAN = 0  # drags pan
    SELECT = 1  # downs select and drag items, or draw a marquee


class GuideKind(IntEnum):
    """canvas_guide_kind"""

    EDGE = 0
    CENTER = 1
    GAP = 2
    GRID = 3


class HitKind(IntEnum):
    """canvas_hit_kind"""

    NONE = 0
    ITEM = 1  # an item drawn on its own
    CLUSTER = 2  # a published cluster


class MotionPhase(IntEnum):
    """canvas_motion_phase"""

    IDLE = 0
    DRAGGING = 1  # a pointer drag (or the crown) is moving it
    DECELERATING = 2  # a fling, slowing down
    BOUNCING = 3  # springing back from past an edge
    ANIMATING = 4  # an animated scroll, page, key or zoom to fit
    PINCHING = 5


class Modifiers(IntFlag):
    """canvas_modifiers"""

    SHIFT = 1
    CTRL = 2
    ALT = 4
    META = 8


class PointerPhase(IntEnum):
    """canvas_pointer_phase"""

    DOWN = 0
    MOVE = 1
    UP = 2
    CANCEL = 3


class PointerButton(IntEnum):
    """canvas_pointer_button"""

    PRIMARY = 0  # with the select tool: selects and drags
    SECONDARY = 1  # pans
    MIDDLE = 2  # pans


class HeldKey(IntEnum):
    """canvas_held_key"""

    SPACE = 0  # held: a primary press pans with the select tool


class WheelMode(IntEnum):
    """canvas_wheel_mode"""

    PIXEL = 0  # points
    LINE = 1  # lines of 40 points
    PAGE = 2  # pages: 0.85 of the viewport


class KeyCode(IntEnum):
    """canvas_key_code"""

    LEFT = 0  # a line: 40 points
    RIGHT = 1
    UP = 2
    DOWN = 3
    PAGE_UP = 4  # the page step: 0.85 of the viewport
    PAGE_DOWN = 5
    HOME = 6  # the top edge (the leading one when only x scrolls)
    END = 7  # the bottom edge (the trailing one when only x scrolls)
    DELETE = 8  # removes the selected items and links (one undo step)


class Bounce(IntEnum):
    """canvas_bounce"""

    AUTOMATIC = 0  # the same as based on size
    ALWAYS = 1
    BASED_ON_SIZE = 2  # only an axis whose content is larger than the viewport
    NEVER = 3  # hard edges: a fling's velocity dies there


class IndicatorMode(IntEnum):
    """canvas_indicator_mode"""

    AUTOMATIC = 0  # while moving, fading out over 300 ms after
    VISIBLE = 1
    HIDDEN = 2  # laid out with opacity 0


class PanAxis(IntEnum):
    """canvas_pan_axis"""

    FREE = 0
    HORIZONTAL = 1
    VERTICAL = 2
    LOCKED = 3  # a drag at least twice as far along one axis stays on it


class Axis(IntEnum):
    """canvas_axis"""

    HORIZONTAL = 0
    VERTICAL = 1


class LinkStyle(IntEnum):
    """canvas_link_style"""

    STRAIGHT = 0  # one segment between the two borders, on the centre line
    STEP = 1  # orthogonal segments leaving and entering by the sides
    CURVE = 2  # a cubic Bezier, as React Flow's default edge (curvature 0.25)


class Side(IntEnum):
    """canvas_side"""

    AUTO = 0  # the side facing the other end
    TOP = 1
    BOTTOM = 2
    LEADING = 3  # left left to right, right right to left
    TRAILING = 4


# Every enumerator also as a module constant, canvas.h's name without CANVAS_.
OK = Status.OK
ERR_NULL = Status.ERR_NULL
ERR_INVALID_ARGUMENT = Status.ERR_INVALID_ARGUMENT
ERR_NON_FINITE = Status.ERR_NON_FINITE
ERR_CALLBACK = Status.ERR_CALLBACK
ERR_BUFFER_TOO_SMALL = Status.ERR_BUFFER_TOO_SMALL
ERR_BAD_LAYOUT = Status.ERR_BAD_LAYOUT
ERR_BUSY = Status.ERR_BUSY
ERR_NOT_FOUND = Status.ERR_NOT_FOUND
ERR_NO_MEMORY = Status.ERR_NO_MEMORY
FLOW_ALIGN_TOP = FlowAlignment.TOP
FLOW_ALIGN_CENTER = FlowAlignment.CENTER
FLOW_ALIGN_BOTTOM = FlowAlignment.BOTTOM
GRAPH_DOWN = GraphDirection.DOWN
GRAPH_RIGHT = GraphDirection.RIGHT
GRAPH_RADIAL = GraphDirection.RADIAL
CONTENT_AUTOMATIC = ContentMode.AUTOMATIC
CONTENT_FIXED = ContentMode.FIXED
CONTENT_AT_LEAST = ContentMode.AT_LEAST
DIRECTION_LTR = Direction.LTR
DIRECTION_RTL = Direction.RTL
STEP_IDLE = StepResult.IDLE
STEP_DEFERRED = StepResult.DEFERRED
STEP_MEASURED = StepResult.MEASURED
STEP_RESOLVED = StepResult.RESOLVED
PAGE_LEFT = PageDirection.LEFT
PAGE_RIGHT = PageDirection.RIGHT
PAGE_UP = PageDirection.UP
PAGE_DOWN = PageDirection.DOWN
BACKDROP_NONE = BackdropKind.NONE
BACKDROP_DOTS = BackdropKind.DOTS
BACKDROP_GRID = BackdropKind.GRID
ZOOM_HORIZONTAL = ZoomAxis.HORIZONTAL
ZOOM_VERTICAL = ZoomAxis.VERTICAL
ZOOM_BOTH = ZoomAxis.BOTH
ZOOM_AUTOMATIC = ZoomAxis.AUTOMATIC
ZOOM_WILL_BEGIN = ZoomEvent.WILL_BEGIN
ZOOM_DID_CHANGE = ZoomEvent.DID_CHANGE
ZOOM_DID_END = ZoomEvent.DID_END
PINCH_BEGAN = PinchPhase.BEGAN
PINCH_CHANGED = PinchPhase.CHANGED
PINCH_ENDED = PinchPhase.ENDED
PINCH_CANCELLED = PinchPhase.CANCELLED
PINCH_FAILED = PinchPhase.FAILED
SELECT_NOTHING = SelectResult.NOTHING
SELECT_SELECTED = SelectResult.SELECTED
SELECT_REFUSED = SelectResult.REFUSED
SCROLL_UNBOUNDED = ScrollExtent.UNBOUNDED
SCROLL_CONTENT = ScrollExtent.CONTENT
REORDER_FRONT = ReorderKind.FRONT
REORDER_BACK = ReorderKind.BACK
MARQUEE_INTERSECT = MarqueeMode.INTERSECT
MARQUEE_CONTAIN = MarqueeMode.CONTAIN
SELECTION_REPLACE = SelectionOp.REPLACE
SELECTION_ADD = SelectionOp.ADD
SELECTION_TOGGLE = SelectionOp.TOGGLE
SELECTION_SUBTRACT = SelectionOp.SUBTRACT
TOOL_PAN = Tool.PAN
TOOL_SELECT = Tool.SELECT
GUIDE_EDGE = GuideKind.EDGE
GUIDE_CENTER = GuideKind.CENTER
GUIDE_GAP = GuideKind.GAP
GUIDE_GRID = GuideKind.GRID
HIT_NONE = HitKind.NONE
HIT_ITEM = HitKind.ITEM
HIT_CLUSTER = HitKind.CLUSTER
PHASE_IDLE = MotionPhase.IDLE
PHASE_DRAGGING = MotionPhase.DRAGGING
PHASE_DECELERATING = MotionPhase.DECELERATING
PHASE_BOUNCING = MotionPhase.BOUNCING
PHASE_ANIMATING = MotionPhase.ANIMATING
PHASE_PINCHING = MotionPhase.PINCHING
MODIFIER_SHIFT = Modifiers.SHIFT
MODIFIER_CTRL = Modifiers.CTRL
MODIFIER_ALT = Modifiers.ALT
MODIFIER_META = Modifiers.META
POINTER_DOWN = PointerPhase.DOWN
POINTER_MOVE = PointerPhase.MOVE
POINTER_UP = PointerPhase.UP
POINTER_CANCEL = PointerPhase.CANCEL
BUTTON_PRIMARY = PointerButton.PRIMARY
BUTTON_SECONDARY = PointerButton.SECONDARY
BUTTON_MIDDLE = PointerButton.MIDDLE
HELD_SPACE = HeldKey.SPACE
WHEEL_PIXEL = WheelMode.PIXEL
WHEEL_LINE = WheelMode.LINE
WHEEL_PAGE = WheelMode.PAGE
KEY_LEFT = KeyCode.LEFT
KEY_RIGHT = KeyCode.RIGHT
KEY_UP = KeyCode.UP
KEY_DOWN = KeyCode.DOWN
KEY_PAGE_UP = KeyCode.PAGE_UP
KEY_PAGE_DOWN = KeyCode.PAGE_DOWN
KEY_HOME = KeyCode.HOME
KEY_END = KeyCode.END
KEY_DELETE = KeyCode.DELETE
BOUNCE_AUTOMATIC = Bounce.AUTOMATIC
BOUNCE_ALWAYS = Bounce.ALWAYS
BOUNCE_BASED_ON_SIZE = Bounce.BASED_ON_SIZE
BOUNCE_NEVER = Bounce.NEVER
INDICATORS_AUTOMATIC = IndicatorMode.AUTOMATIC
INDICATORS_VISIBLE = IndicatorMode.VISIBLE
INDICATORS_HIDDEN = IndicatorMode.HIDDEN
PAN_FREE = PanAxis.FREE
PAN_HORIZONTAL = PanAxis.HORIZONTAL
PAN_VERTICAL = PanAxis.VERTICAL
PAN_LOCKED = PanAxis.LOCKED
AXIS_HORIZONTAL = Axis.HORIZONTAL
AXIS_VERTICAL = Axis.VERTICAL
LINK_STRAIGHT = LinkStyle.STRAIGHT
LINK_STEP = LinkStyle.STEP
LINK_CURVE = LinkStyle.CURVE
SIDE_AUTO = Side.AUTO
SIDE_TOP = Side.TOP
SIDE_BOTTOM = Side.BOTTOM
SIDE_LEADING = Side.LEADING
SIDE_TRAILING = Side.TRAILING

# Plain numbers.
ABI_VERSION = 1
LOD_MIN_SIZE = 8
LOD_CELL = 16  # screen size of a cluster cell
DECELERATION_NORMAL = 0.998
DECELERATION_FAST = 0.99
DURATION_DEFAULT = -1

__all__ = [
    "Status",
    "FlowAlignment",
    "GraphDirection",
    "ContentMode",
    "Direction",
    "StepResult",
    "PageDirection",
    "BackdropKind",
    "ZoomAxis",
    "ZoomEvent",
    "PinchPhase",
    "SelectResult",
    "ScrollExtent",
    "ReorderKind",
    "MarqueeMode",
    "SelectionOp",
    "Tool",
    "GuideKind",
    "HitKind",
    "MotionPhase",
    "Modifiers",
    "PointerPhase",
    "PointerButton",
    "HeldKey",
    "WheelMode",
    "KeyCode",
    "Bounce",
    "IndicatorMode",
    "PanAxis",
    "Axis",
    "LinkStyle",
    "Side",
    "OK",
    "ERR_NULL",
    "ERR_INVALID_ARGUMENT",
    "ERR_NON_FINITE",
    "ERR_CALLBACK",
    "ERR_BUFFER_TOO_SMALL",
    "ERR_BAD_LAYOUT",
    "ERR_BUSY",
    "ERR_NOT_FOUND",
    "ERR_NO_MEMORY",
    "FLOW_ALIGN_TOP",
    "FLOW_ALIGN_CENTER",
    "FLOW_ALIGN_BOTTOM",
    "GRAPH_DOWN",
    "GRAPH_RIGHT",
    "GRAPH_RADIAL",
    "CONTENT_AUTOMATIC",
    "CONTENT_FIXED",
    "CONTENT_AT_LEAST",
    "DIRECTION_LTR",
    "DIRECTION_RTL",
    "STEP_IDLE",
    "STEP_DEFERRED",
    "STEP_MEASURED",
    "STEP_RESOLVED",
    "PAGE_LEFT",
    "PAGE_RIGHT",
    "PAGE_UP",
    "PAGE_DOWN",
    "BACKDROP_NONE",
    "BACKDROP_DOTS",
    "BACKDROP_GRID",
    "ZOOM_HORIZONTAL",
    "ZOOM_VERTICAL",
    "ZOOM_BOTH",
    "ZOOM_AUTOMATIC",
    "ZOOM_WILL_BEGIN",
    "ZOOM_DID_CHANGE",
    "ZOOM_DID_END",
    "PINCH_BEGAN",
    "PINCH_CHANGED",
    "PINCH_ENDED",
    "PINCH_CANCELLED",
    "PINCH_FAILED",
    "SELECT_NOTHING",
    "SELECT_SELECTED",
    "SELECT_REFUSED",
    "SCROLL_UNBOUNDED",
    "SCROLL_CONTENT",
    "REORDER_FRONT",
    "REORDER_BACK",
    "MARQUEE_INTERSECT",
    "MARQUEE_CONTAIN",
    "SELECTION_REPLACE",
    "SELECTION_ADD",
    "SELECTION_TOGGLE",
    "SELECTION_SUBTRACT",
    "TOOL_PAN",
    "TOOL_SELECT",
    "GUIDE_EDGE",
    "GUIDE_CENTER",
    "GUIDE_GAP",
    "GUIDE_GRID",
    "HIT_NONE",
    "HIT_ITEM",
    "HIT_CLUSTER",
    "PHASE_IDLE",
    "PHASE_DRAGGING",
    "PHASE_DECELERATING",
    "PHASE_BOUNCING",
    "PHASE_ANIMATING",
    "PHASE_PINCHING",
    "MODIFIER_SHIFT",
    "MODIFIER_CTRL",
    "MODIFIER_ALT",
    "MODIFIER_META",
    "POINTER_DOWN",
    "POINTER_MOVE",
    "POINTER_UP",
    "POINTER_CANCEL",
    "BUTTON_PRIMARY",
    "BUTTON_SECONDARY",
    "BUTTON_MIDDLE",
    "HELD_SPACE",
    "WHEEL_PIXEL",
    "WHEEL_LINE",
    "WHEEL_PAGE",
    "KEY_LEFT",
    "KEY_RIGHT",
    "KEY_UP",
    "KEY_DOWN",
    "KEY_PAGE_UP",
    "KEY_PAGE_DOWN",
    "KEY_HOME",
    "KEY_END",
    "KEY_DELETE",
    "BOUNCE_AUTOMATIC",
    "BOUNCE_ALWAYS",
    "BOUNCE_BASED_ON_SIZE",
    "BOUNCE_NEVER",
    "INDICATORS_AUTOMATIC",
    "INDICATORS_VISIBLE",
    "INDICATORS_HIDDEN",
    "PAN_FREE",
    "PAN_HORIZONTAL",
    "PAN_VERTICAL",
    "PAN_LOCKED",
    "AXIS_HORIZONTAL",
    "AXIS_VERTICAL",
    "LINK_STRAIGHT",
    "LINK_STEP",
    "LINK_CURVE",
    "SIDE_AUTO",
    "SIDE_TOP",
    "SIDE_BOTTOM",
    "SIDE_LEADING",
    "SIDE_TRAILING",
    "ABI_VERSION",
    "LOD_MIN_SIZE",
    "LOD_CELL",
    "DECELERATION_NORMAL",
    "DECELERATION_FAST",
    "DURATION_DEFAULT",
]
