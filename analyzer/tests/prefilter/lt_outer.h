/* SPDX-License-Identifier: GPL-2.0 */
/* A local header that only includes another one, two levels down. */
#ifndef LT_OUTER_H
#define LT_OUTER_H

#include "sub/lt_inner.h"

#endif
