/* Which code implements the block layer (block_layer_code.h). */
#include "block_layer_code.h"

#include "string_list.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int exists_under(const char *dir, const char *rel, int want_dir)
{
	char *p = xasprintf("%s/%s", dir, rel);
	struct stat st;
	int ok = stat(p, &st) == 0 && (want_dir ? S_ISDIR(st.st_mode) : S_ISREG(st.st_mode));

	free(p);
	return ok;
}

static int kernel_tree_root(const char *dir)
{
	return exists_under(dir, "block/genhd.c", 0) &&
	       exists_under(dir, "include/linux/blkdev.h", 0) &&
	       (exists_under(dir, "Kbuild", 0) || exists_under(dir, "Makefile", 0));
}

int block_core_file(const char *path)
{
	char *real = realpath(path, NULL), *slash;
	int in_block = 0;

	if (!real)
		return 0;
	/* cut real back to each parent in turn; the component cut off last is
	 * the one directly below the directory tested */
	while ((slash = strrchr(real, '/')) != NULL) {
		const char *below = slash + 1;

		*slash = '\0';
		if (kernel_tree_root(*real ? real : "/")) {
			in_block = strcmp(below, "block") == 0;
			break;
		}
	}
	free(real);
	return in_block;
}

/* The lifecycle functions of the rules' vocabulary, as the block layer
 * defines them (with the "__" of the functions behind macros). */
static const char *const lifecycle_api[] = {
	"__alloc_disk_node", "__blk_alloc_disk", "__blk_mq_alloc_disk", "__register_blkdev",
	"add_disk", "add_disk_fwnode", "add_partition", "alloc_disk", "alloc_disk_node",
	"bdev_add_partition", "bdev_del_partition", "bdev_disk_changed", "blk_alloc_disk",
	"blk_cleanup_disk", "blk_cleanup_queue", "blk_mark_disk_dead", "blk_mq_alloc_disk",
	"blk_mq_alloc_disk_for_queue", "blk_mq_alloc_sq_tag_set", "blk_mq_alloc_tag_set",
	"blk_mq_free_tag_set", "blk_register_region", "blk_unregister_region", "del_gendisk",
	"delete_partition", "device_add_disk", "get_gendisk", "invalidate_disk", "put_disk",
	"put_disk_and_module", "register_blkdev", "set_capacity", "set_capacity_and_notify",
	"unregister_blkdev", NULL,
};

int implements_block_api(const char *function_name)
{
	for (const char *const *p = lifecycle_api; function_name && *p; p++)
		if (strcmp(*p, function_name) == 0)
			return 1;
	return 0;
}
