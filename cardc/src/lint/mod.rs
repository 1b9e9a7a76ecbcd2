//! The checks that run after lowering, over what it built: ability text whose header or
//! templating only the lowered ability tells ([`abilities`]). The checks before lowering
//! ([`crate::check`]) never lower; what they need from a lowered ability is asked here.

pub mod abilities;
