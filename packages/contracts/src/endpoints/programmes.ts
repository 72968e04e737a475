import { endpoint } from './endpoint';

/** WEC assessments, CP completions and key numbers (docs/product/programmes.md). */
export const programmeEndpoints = {
  wecList: endpoint('GET', '/api/members/list'),
  wecCompleted: endpoint('GET', '/api/members/completeWec/list'),
  addMember: endpoint('POST', '/api/members/add'),
  addWecAssessment: endpoint('POST', '/api/members/addWecAssessment/:id'),
  updateWec: endpoint('POST', '/api/members/wec/:id'),
  wec: endpoint('GET', '/api/members/wec/:id'),
  addWepComplete: endpoint('POST', '/api/members/addWepComplete'),
  removeWep: endpoint('DELETE', '/api/members/removeWep'),
  cpList: endpoint('GET', '/api/members/cp/list'),
  addCpComplete: endpoint('POST', '/api/members/addGimCpComplete'),
  removeCp: endpoint('DELETE', '/api/members/removeGimCp'),
  wecCpInfo: endpoint('GET', '/api/members/wecCpInfo/:id'),
  bonusByCp: endpoint('GET', '/api/members/bounsByGimCpId/:id'),
  keyNumbers: endpoint('GET', '/api/rk/list'),
  createKeyNumber: endpoint('POST', '/api/rk'),
  updateKeyNumber: endpoint('PUT', '/api/rk/:id'),
  removeKeyNumber: endpoint('DELETE', '/api/rk/:id'),
  /** The signed-in member's progress to the next level, bonus and the WEC assessment. */
  progress: endpoint('GET', '/api/me/progress'),
};
