// The /sliding page: the shared playground shell with the sliding-tile kind.

import { startPlayground } from "../../shell/playground.js";
import { sliding } from "./kind.js";

startPlayground(sliding);
