/** The unpacking the demo seed's packages are under (scorm/{key}/seed/): uploads use their upload's id. */
export const SEED_UNPACK = 'seed';
