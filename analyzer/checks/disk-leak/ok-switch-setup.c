// SPDX-License-Identifier: GPL-2.0
/*
 * Setup chosen by a switch on the media type between allocation and
 * add_disk(); every failing case breaks out with err set and the common
 * exit puts the disk.
 */
#include <linux/module.h>
#include <linux/blkdev.h>

enum ss_media { SS_DISK, SS_CDROM, SS_TAPE };

static int media = SS_DISK;
module_param(media, int, 0444);

static struct gendisk *ss_disk;

static void ss_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations ss_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= ss_submit_bio,
};

static int __init ss_init(void)
{
	struct gendisk *disk;
	int err = 0;

	disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(disk))
		return PTR_ERR(disk);
	disk->fops = &ss_fops;

	switch (media) {
	case SS_DISK:
		strscpy(disk->disk_name, "ssd0", DISK_NAME_LEN);
		set_capacity(disk, 1 << 16);
		break;
	case SS_CDROM:
		strscpy(disk->disk_name, "ssr0", DISK_NAME_LEN);
		disk->flags |= GENHD_FL_REMOVABLE;
		set_disk_ro(disk, true);
		break;
	case SS_TAPE:
		err = -EOPNOTSUPP;
		break;
	default:
		err = -EINVAL;
		break;
	}
	if (err)
		goto out_put_disk;

	err = add_disk(disk);
	if (err)
		goto out_put_disk;
	ss_disk = disk;
	return 0;

out_put_disk:
	put_disk(disk);
	return err;
}

static void __exit ss_exit(void)
{
	del_gendisk(ss_disk);
	put_disk(ss_disk);
}

module_init(ss_init);
module_exit(ss_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: switch-based setup, failures funnel into put_disk()
 */
