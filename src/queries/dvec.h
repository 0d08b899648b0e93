/* SPDX-License-Identifier: MIT */
/* Moved to the math layer (math/dvec.h), where shapes can use it too. */
#include "math/dvec.h"
