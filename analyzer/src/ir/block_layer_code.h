/*
 * Code that implements the block layer is not a driver: the lifecycle
 * rules judge drivers.  Two predicates: a file of a kernel source tree's
 * block/ directory, and a function whose own name is a lifecycle API
 * function (its body is that function's implementation).
 */
#ifndef GENDISK_LINT_BLOCK_LAYER_CODE_H
#define GENDISK_LINT_BLOCK_LAYER_CODE_H

/*
 * 1 when path lies under block/ of a kernel source tree: walking up from
 * the file, the first directory that holds block/genhd.c,
 * include/linux/blkdev.h and a Kbuild or Makefile is the tree's root.
 */
int block_core_file(const char *path);

/* 1 when a function of this name is the block layer's implementation of
 * a lifecycle API function (add_disk, set_capacity_and_notify ...). */
int implements_block_api(const char *function_name);

#endif
