// The /triangle page: the shared playground shell with the triangle kind.

import { startPlayground } from "../../shell/playground.js";
import { triangle } from "./kind.js";

startPlayground(triangle);
