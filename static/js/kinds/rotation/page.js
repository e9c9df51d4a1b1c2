// The rotation page ("/"): the shared playground shell with the rotation kind.

import { startPlayground } from "../../shell/playground.js";
import { rotation } from "./kind.js";

startPlayground(rotation);
