// The playground at "/": the shared playground shell (static/js/shell/)
// with the rotation kind, which draws, edits and animates its board.

import "./kind.js";
