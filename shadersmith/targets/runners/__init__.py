"""What drives a driver: GL through EGL, Vulkan, wgpu, their environments, images and
buffer layouts."""
