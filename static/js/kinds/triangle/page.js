// The /triangle page: the shared playground shell with the triangle kind.

import { startTriangle } from "./kind.js";

startTriangle();
