// The goals' front door (decision 078): the network's own goals, their codes as advertisers send them.
export { goalsRoutes } from './goals.routes.js';
export { goalByCodeOrName, goalsOfAdvertiser, markGoalsUsed } from './goals.repository.js';
