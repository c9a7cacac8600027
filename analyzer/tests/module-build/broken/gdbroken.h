/* SPDX-License-Identifier: GPL-2.0 */
#ifndef GDBROKEN_H
#define GDBROKEN_H

struct gendisk;

void gdbroken_set_limits(struct gendisk *disk);

#endif
