// SPDX-License-Identifier: GPL-2.0
/*
 * A volume lives as long as its kobject.  kmod_vol_setup() allocates the
 * volume's disk into vol->disk and returns 0, or an error with no disk.
 * When add_disk() fails, the unwinding only drops the kobject: its
 * release, kmod_vol_release(), frees the volume but never puts the disk,
 * which leaks.  The kobj_type is defined in another file of the module
 * (kmod-ktype.c, by a macro), so its .release is found by the name the
 * macro pastes.
 */
#include <linux/module.h>
#include <linux/slab.h>
#include "kmod.h"

static void kmod_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations kmod_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= kmod_submit_bio,
};

void kmod_vol_release(struct kobject *kobj)
{
	struct kmod_vol *vol = container_of(kobj, struct kmod_vol, kobj);

	kfree(vol);
}

static int kmod_vol_setup(struct kmod_vol *vol, sector_t sectors)
{
	vol->disk = blk_alloc_disk(NULL, NUMA_NO_NODE);
	if (IS_ERR(vol->disk))
		return -ENOMEM;
	vol->disk->fops = &kmod_fops;
	vol->disk->private_data = vol;
	snprintf(vol->disk->disk_name, DISK_NAME_LEN, "kmod%d", vol->id);
	set_capacity(vol->disk, sectors);
	return 0;
}

static int kmod_vol_start(int id)
{
	struct kmod_vol *vol;
	int err = -ENOMEM;

	vol = kzalloc(sizeof(*vol), GFP_KERNEL);
	if (!vol)
		return err;
	vol->id = id;
	kobject_init(&vol->kobj, &kmod_vol_ktype);
	if (kmod_vol_setup(vol, 4096))
		goto out_put;
	err = add_disk(vol->disk);
	if (err)
		goto out_put;
	return 0;

out_put:
	kobject_put(&vol->kobj);
	return err;
}

static int __init kmod_init(void)
{
	return kmod_vol_start(0);
}

module_init(kmod_init);
MODULE_LICENSE("GPL");

/*
 * check-name: the owner's kobject release frees it without putting the disk
 * check-command: gendisk-lint --rule add-disk-fail-cleanup --kdir $KDIR $file
 *
 * check-output-start
fire-owner-release-no-put.c:63:2: warning: 'vol->disk' leaked: add_disk() failed and this path returns without put_disk() [add-disk-fail-cleanup]
fire-owner-release-no-put.c:56:8: note: add_disk() failed on this path
fire-owner-release-no-put.c:54:6: note: 'vol->disk' allocated here
 * check-output-end
 */
