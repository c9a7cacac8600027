// SPDX-License-Identifier: GPL-2.0
/*
 * The name comes from a module parameter: sprintf("%s%d") and strcpy/strcat
 * of a runtime string can run past disk_name[32] into the rest of the
 * gendisk.  Pattern of older drivers that built "<prefix><index>" names.
 */
#include <linux/module.h>
#include <linux/blkdev.h>

static char *prefix = "sprd";
module_param(prefix, charp, 0444);

static struct gendisk *sp_disk;

static void sp_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations sp_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= sp_submit_bio,
};

static int __init sp_init(void)
{
	struct gendisk *disk;
	int err;

	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);

	disk->fops = &sp_fops;
	if (prefix[0] == '-') {
		strcpy(disk->disk_name, prefix + 1);
		strcat(disk->disk_name, "0");
	} else {
		sprintf(disk->disk_name, "%s%d", prefix, 0);
	}
	set_capacity(disk, 2048);
	err = add_disk(disk);
	if (err) {
		put_disk(disk);
		return err;
	}
	sp_disk = disk;
	return 0;
}

static void __exit sp_exit(void)
{
	del_gendisk(sp_disk);
	put_disk(sp_disk);
}

module_init(sp_init);
module_exit(sp_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: sprintf %s, strcpy and strcat of runtime strings into disk_name
 *
 * check-output-start
fire-sprintf-string.c:36:3: warning: strcpy() into 'disk->disk_name' is unbounded: use strscpy(disk->disk_name, ..., DISK_NAME_LEN) [disk-name-overflow]
fire-sprintf-string.c:37:3: warning: strcat() into 'disk->disk_name' is unbounded: use strscpy(disk->disk_name, ..., DISK_NAME_LEN) [disk-name-overflow]
fire-sprintf-string.c:39:3: warning: sprintf() into 'disk->disk_name' is unbounded: the name can exceed 31 characters; use snprintf(disk->disk_name, DISK_NAME_LEN, ...) [disk-name-overflow]
 * check-output-end
 */
