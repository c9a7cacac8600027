// SPDX-License-Identifier: GPL-2.0
/*
 * Near miss: the article's order in a probe that allocates, sizes and then
 * adds the disk; a second disk of the same function is sized before its
 * own add_disk() although the first one was already added.
 *
 * Run with --rule capacity-no-notify: the module init also fails after a disk went
 * live, which fail-after-add reports (fire-init-fails-after-unwind.c).
 */
#include <linux/module.h>
#include <linux/blkdev.h>

static struct gendisk *two_disks[2];

static void two_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations two_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= two_submit_bio,
};

static int __init two_init(void)
{
	struct gendisk *first, *second;
	int err;

	first = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(first))
		return PTR_ERR(first);
	first->fops = &two_fops;
	strscpy(first->disk_name, "two0", DISK_NAME_LEN);
	set_capacity(first, 2048);
	err = add_disk(first);
	if (err)
		goto out_put_first;
	second = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(second)) {
		err = PTR_ERR(second);
		goto out_del_first;
	}
	second->fops = &two_fops;
	strscpy(second->disk_name, "two1", DISK_NAME_LEN);
	set_capacity(second, 4096);
	err = add_disk(second);
	if (err)
		goto out_put_second;
	two_disks[0] = first;
	two_disks[1] = second;
	return 0;

out_put_second:
	put_disk(second);
out_del_first:
	del_gendisk(first);
out_put_first:
	put_disk(first);
	return err;
}

static void __exit two_exit(void)
{
	for (int i = 1; i >= 0; i--) {
		del_gendisk(two_disks[i]);
		put_disk(two_disks[i]);
	}
}

module_init(two_init);
module_exit(two_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: each disk sized before its own add_disk
 * check-command: gendisk-lint --rule capacity-no-notify --kdir $KDIR $file
 */
