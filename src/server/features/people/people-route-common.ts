export const PEOPLE_TAGS = ['People and groups'];
